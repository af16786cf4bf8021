export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      alloggiati_comuni: {
        Row: {
          code: string;
          created_at: string;
          ended_on: string | null;
          name: string;
          province: string;
          region: string | null;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          created_at?: string;
          ended_on?: string | null;
          name: string;
          province: string;
          region?: string | null;
        };
        Update: {
          code?: string;
          created_at?: string;
          ended_on?: string | null;
          name?: string;
          province?: string;
          region?: string | null;
        };
        Relationships: [];
      };
      alloggiati_documenti: {
        Row: {
          code: string;
          created_at: string;
          name: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          created_at?: string;
          name: string;
        };
        Update: {
          code?: string;
          created_at?: string;
          name?: string;
        };
        Relationships: [];
      };
      alloggiati_imports: {
        Row: {
          created_at: string;
          file_name: string | null;
          id: string;
          imported_by: string | null;
          rejected: NonNullable<Json>;
          rows_read: number;
          rows_rejected: number;
          succeeded: boolean;
          table_name: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          file_name?: string | null;
          id?: string;
          imported_by?: string | null;
          rejected?: NonNullable<Json>;
          rows_read: number;
          rows_rejected: number;
          succeeded: boolean;
          table_name: string;
        };
        Update: {
          created_at?: string;
          file_name?: string | null;
          id?: string;
          imported_by?: string | null;
          rejected?: NonNullable<Json>;
          rows_read?: number;
          rows_rejected?: number;
          succeeded?: boolean;
          table_name?: string;
        };
        Relationships: [];
      };
      alloggiati_stati: {
        Row: {
          code: string;
          created_at: string;
          ended_on: string | null;
          name: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          created_at?: string;
          ended_on?: string | null;
          name: string;
        };
        Update: {
          code?: string;
          created_at?: string;
          ended_on?: string | null;
          name?: string;
        };
        Relationships: [];
      };
      alloggiati_stati_iso: {
        Row: {
          code: string;
          created_at: string;
          iso_code: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          created_at?: string;
          iso_code: string;
        };
        Update: {
          code?: string;
          created_at?: string;
          iso_code?: string;
        };
        Relationships: [];
      };
      alloggiati_tipi: {
        Row: {
          code: number;
          name: string;
        };
        ComputedFields: never;
        Insert: {
          code: number;
          name: string;
        };
        Update: {
          code?: number;
          name?: string;
        };
        Relationships: [];
      };
      amenities: {
        Row: {
          category: string;
          created_at: string;
          description: string | null;
          display_order: number;
          icon_name: string;
          id: string;
          is_active: boolean;
          name: string;
          translations: NonNullable<Json>;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          category?: string;
          created_at?: string;
          description?: string | null;
          display_order?: number;
          icon_name?: string;
          id?: string;
          is_active?: boolean;
          name: string;
          translations?: NonNullable<Json>;
          updated_at?: string;
        };
        Update: {
          category?: string;
          created_at?: string;
          description?: string | null;
          display_order?: number;
          icon_name?: string;
          id?: string;
          is_active?: boolean;
          name?: string;
          translations?: NonNullable<Json>;
          updated_at?: string;
        };
        Relationships: [];
      };
      audit_logs: {
        Row: {
          action: string;
          created_at: string;
          id: string;
          new_values: Json | null;
          old_values: Json | null;
          record_id: string | null;
          table_name: string;
          updated_at: string;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          action: string;
          created_at?: string;
          id?: string;
          new_values?: Json | null;
          old_values?: Json | null;
          record_id?: string | null;
          table_name: string;
          updated_at?: string;
          user_id?: string | null;
        };
        Update: {
          action?: string;
          created_at?: string;
          id?: string;
          new_values?: Json | null;
          old_values?: Json | null;
          record_id?: string | null;
          table_name?: string;
          updated_at?: string;
          user_id?: string | null;
        };
        Relationships: [];
      };
      auth_settings: {
        Row: {
          created_at: string;
          require_staff_mfa: boolean;
          singleton: boolean;
          updated_at: string;
          updated_by: string | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          require_staff_mfa?: boolean;
          singleton?: boolean;
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          created_at?: string;
          require_staff_mfa?: boolean;
          singleton?: boolean;
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [];
      };
      booking_check_ins: {
        Row: {
          booking_id: string;
          checked_in_at: string;
          checked_in_by: string | null;
          created_at: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          booking_id: string;
          checked_in_at: string;
          checked_in_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          booking_id?: string;
          checked_in_at?: string;
          checked_in_by?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'booking_check_ins_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: true;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'booking_check_ins_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: true;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
        ];
      };
      booking_extras: {
        Row: {
          booking_id: string;
          created_at: string;
          id: string;
          line_total_cents: number;
          pricing_unit: Database['public']['Enums']['service_pricing_unit'];
          quantity: number;
          service_id: string | null;
          service_name: string;
          unit_price_cents: number;
        };
        ComputedFields: never;
        Insert: {
          booking_id: string;
          created_at?: string;
          id?: string;
          line_total_cents: number;
          pricing_unit: Database['public']['Enums']['service_pricing_unit'];
          quantity: number;
          service_id?: string | null;
          service_name: string;
          unit_price_cents: number;
        };
        Update: {
          booking_id?: string;
          created_at?: string;
          id?: string;
          line_total_cents?: number;
          pricing_unit?: Database['public']['Enums']['service_pricing_unit'];
          quantity?: number;
          service_id?: string | null;
          service_name?: string;
          unit_price_cents?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'booking_extras_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'booking_extras_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'booking_extras_service_id_fkey';
            columns: ['service_id'];
            isOneToOne: false;
            referencedRelation: 'services';
            referencedColumns: ['id'];
          },
        ];
      };
      booking_guests: {
        Row: {
          birth_comune_code: string | null;
          birth_date: string | null;
          birth_province: string | null;
          birth_state_code: string | null;
          booking_id: string;
          citizenship_code: string | null;
          created_at: string;
          document_issue_place_code: string | null;
          document_number: string | null;
          document_number_erased_at: string | null;
          document_type_code: string | null;
          given_names: string | null;
          guest_type: number | null;
          id: string;
          police_filing_id: string | null;
          position: number;
          residence_comune_code: string | null;
          residence_state_code: string | null;
          sex: string | null;
          surname: string | null;
          updated_at: string;
          updated_by: string | null;
          updated_source: string;
          verified_at: string | null;
          verified_by: string | null;
        };
        ComputedFields: never;
        Insert: {
          birth_comune_code?: string | null;
          birth_date?: string | null;
          birth_province?: string | null;
          birth_state_code?: string | null;
          booking_id: string;
          citizenship_code?: string | null;
          created_at?: string;
          document_issue_place_code?: string | null;
          document_number?: string | null;
          document_number_erased_at?: string | null;
          document_type_code?: string | null;
          given_names?: string | null;
          guest_type?: number | null;
          id?: string;
          police_filing_id?: string | null;
          position: number;
          residence_comune_code?: string | null;
          residence_state_code?: string | null;
          sex?: string | null;
          surname?: string | null;
          updated_at?: string;
          updated_by?: string | null;
          updated_source?: string;
          verified_at?: string | null;
          verified_by?: string | null;
        };
        Update: {
          birth_comune_code?: string | null;
          birth_date?: string | null;
          birth_province?: string | null;
          birth_state_code?: string | null;
          booking_id?: string;
          citizenship_code?: string | null;
          created_at?: string;
          document_issue_place_code?: string | null;
          document_number?: string | null;
          document_number_erased_at?: string | null;
          document_type_code?: string | null;
          given_names?: string | null;
          guest_type?: number | null;
          id?: string;
          police_filing_id?: string | null;
          position?: number;
          residence_comune_code?: string | null;
          residence_state_code?: string | null;
          sex?: string | null;
          surname?: string | null;
          updated_at?: string;
          updated_by?: string | null;
          updated_source?: string;
          verified_at?: string | null;
          verified_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'booking_guests_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'booking_guests_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'booking_guests_police_filing_fkey';
            columns: ['police_filing_id'];
            isOneToOne: false;
            referencedRelation: 'police_filings';
            referencedColumns: ['id'];
          },
        ];
      };
      booking_settings: {
        Row: {
          confirmed_hold_hours: number;
          created_at: string;
          host_email_language: string;
          notification_email: string | null;
          singleton: boolean;
          unconfirmed_hold_minutes: number;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          confirmed_hold_hours?: number;
          created_at?: string;
          host_email_language?: string;
          notification_email?: string | null;
          singleton?: boolean;
          unconfirmed_hold_minutes?: number;
          updated_at?: string;
        };
        Update: {
          confirmed_hold_hours?: number;
          created_at?: string;
          host_email_language?: string;
          notification_email?: string | null;
          singleton?: boolean;
          unconfirmed_hold_minutes?: number;
          updated_at?: string;
        };
        Relationships: [];
      };
      bookings: {
        Row: {
          anonymised_at: string | null;
          balance_cents: number | null;
          booked_check_out_date: string | null;
          check_in_date: string;
          check_out_date: string;
          created_at: string;
          deposit_cents: number | null;
          discount_amount: number;
          extras_cents: number;
          free_cancellation_until: string | null;
          guest_confirmed_at: string | null;
          guest_email: string;
          guest_language: string;
          guest_name: string;
          guest_phone: string | null;
          guests: number;
          hold_expires_at: string | null;
          id: string;
          nightly_rates: Json | null;
          promo_code: string | null;
          rate_plan: string;
          reference: string;
          room_id: string;
          source: string;
          special_requests: string | null;
          status: Database['public']['Enums']['booking_status'];
          total_amount: number;
          total_cents: number | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          anonymised_at?: string | null;
          balance_cents?: number | null;
          booked_check_out_date?: string | null;
          check_in_date: string;
          check_out_date: string;
          created_at?: string;
          deposit_cents?: number | null;
          discount_amount?: number;
          extras_cents?: number;
          free_cancellation_until?: string | null;
          guest_confirmed_at?: string | null;
          guest_email: string;
          guest_language?: string;
          guest_name: string;
          guest_phone?: string | null;
          guests?: number;
          hold_expires_at?: string | null;
          id?: string;
          nightly_rates?: Json | null;
          promo_code?: string | null;
          rate_plan?: string;
          reference: string;
          room_id: string;
          source?: string;
          special_requests?: string | null;
          status?: Database['public']['Enums']['booking_status'];
          total_amount?: number;
          total_cents?: number | null;
          updated_at?: string;
        };
        Update: {
          anonymised_at?: string | null;
          balance_cents?: number | null;
          booked_check_out_date?: string | null;
          check_in_date?: string;
          check_out_date?: string;
          created_at?: string;
          deposit_cents?: number | null;
          discount_amount?: number;
          extras_cents?: number;
          free_cancellation_until?: string | null;
          guest_confirmed_at?: string | null;
          guest_email?: string;
          guest_language?: string;
          guest_name?: string;
          guest_phone?: string | null;
          guests?: number;
          hold_expires_at?: string | null;
          id?: string;
          nightly_rates?: Json | null;
          promo_code?: string | null;
          rate_plan?: string;
          reference?: string;
          room_id?: string;
          source?: string;
          special_requests?: string | null;
          status?: Database['public']['Enums']['booking_status'];
          total_amount?: number;
          total_cents?: number | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'bookings_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      channel_feeds: {
        Row: {
          created_at: string;
          etag: string | null;
          export_token: string;
          id: string;
          import_url: string | null;
          last_error: string | null;
          last_synced_at: string | null;
          platform: Database['public']['Enums']['channel_platform'];
          room_id: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          etag?: string | null;
          export_token?: string;
          id?: string;
          import_url?: string | null;
          last_error?: string | null;
          last_synced_at?: string | null;
          platform: Database['public']['Enums']['channel_platform'];
          room_id: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          etag?: string | null;
          export_token?: string;
          id?: string;
          import_url?: string | null;
          last_error?: string | null;
          last_synced_at?: string | null;
          platform?: Database['public']['Enums']['channel_platform'];
          room_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'channel_feeds_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      channel_sync_runs: {
        Row: {
          cancelled_count: number;
          conflict_count: number;
          created_at: string;
          created_count: number;
          error: string | null;
          feed_id: string;
          finished_at: string;
          http_status: number | null;
          id: string;
          platform: Database['public']['Enums']['channel_platform'];
          room_id: string;
          started_at: string;
          trigger: string;
          unchanged_count: number;
          updated_at: string;
          updated_count: number;
        };
        ComputedFields: never;
        Insert: {
          cancelled_count?: number;
          conflict_count?: number;
          created_at?: string;
          created_count?: number;
          error?: string | null;
          feed_id: string;
          finished_at?: string;
          http_status?: number | null;
          id?: string;
          platform: Database['public']['Enums']['channel_platform'];
          room_id: string;
          started_at: string;
          trigger: string;
          unchanged_count?: number;
          updated_at?: string;
          updated_count?: number;
        };
        Update: {
          cancelled_count?: number;
          conflict_count?: number;
          created_at?: string;
          created_count?: number;
          error?: string | null;
          feed_id?: string;
          finished_at?: string;
          http_status?: number | null;
          id?: string;
          platform?: Database['public']['Enums']['channel_platform'];
          room_id?: string;
          started_at?: string;
          trigger?: string;
          unchanged_count?: number;
          updated_at?: string;
          updated_count?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'channel_sync_runs_feed_id_fkey';
            columns: ['feed_id'];
            isOneToOne: false;
            referencedRelation: 'channel_feeds';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'channel_sync_runs_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      checkin_settings: {
        Row: {
          created_at: string;
          document_retention_days: number;
          singleton: boolean;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          document_retention_days?: number;
          singleton?: boolean;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          document_retention_days?: number;
          singleton?: boolean;
          updated_at?: string;
        };
        Relationships: [];
      };
      city_tax_exemptions: {
        Row: {
          booking_id: string;
          created_at: string;
          declarant_name: string | null;
          declaration: string | null;
          declared_on: string | null;
          id: string;
          note: string | null;
          persons: number;
          reason: Database['public']['Enums']['city_tax_exemption_reason'];
          recorded_by: string | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          booking_id: string;
          created_at?: string;
          declarant_name?: string | null;
          declaration?: string | null;
          declared_on?: string | null;
          id?: string;
          note?: string | null;
          persons?: number;
          reason: Database['public']['Enums']['city_tax_exemption_reason'];
          recorded_by?: string | null;
          updated_at?: string;
        };
        Update: {
          booking_id?: string;
          created_at?: string;
          declarant_name?: string | null;
          declaration?: string | null;
          declared_on?: string | null;
          id?: string;
          note?: string | null;
          persons?: number;
          reason?: Database['public']['Enums']['city_tax_exemption_reason'];
          recorded_by?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'city_tax_exemptions_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'city_tax_exemptions_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
        ];
      };
      city_tax_house_categories: {
        Row: {
          category: string;
          changed_by: string | null;
          created_at: string;
          updated_at: string;
          valid_from: string;
        };
        ComputedFields: never;
        Insert: {
          category: string;
          changed_by?: string | null;
          created_at?: string;
          updated_at?: string;
          valid_from: string;
        };
        Update: {
          category?: string;
          changed_by?: string | null;
          created_at?: string;
          updated_at?: string;
          valid_from?: string;
        };
        Relationships: [];
      };
      city_tax_rates: {
        Row: {
          amount_cents: number;
          category: string;
          created_at: string;
          exempt_under_age: number;
          id: string;
          max_nights: number;
          note: string | null;
          updated_at: string;
          valid_from: string;
          valid_to: string | null;
        };
        ComputedFields: never;
        Insert: {
          amount_cents: number;
          category?: string;
          created_at?: string;
          exempt_under_age?: number;
          id?: string;
          max_nights?: number;
          note?: string | null;
          updated_at?: string;
          valid_from: string;
          valid_to?: string | null;
        };
        Update: {
          amount_cents?: number;
          category?: string;
          created_at?: string;
          exempt_under_age?: number;
          id?: string;
          max_nights?: number;
          note?: string | null;
          updated_at?: string;
          valid_from?: string;
          valid_to?: string | null;
        };
        Relationships: [];
      };
      city_tax_remittances: {
        Row: {
          amount_cents: number;
          created_at: string;
          id: string;
          paid_on: string;
          period_start: string;
          recorded_by: string | null;
          reference: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          amount_cents: number;
          created_at?: string;
          id?: string;
          paid_on: string;
          period_start: string;
          recorded_by?: string | null;
          reference: string;
          updated_at?: string;
        };
        Update: {
          amount_cents?: number;
          created_at?: string;
          id?: string;
          paid_on?: string;
          period_start?: string;
          recorded_by?: string | null;
          reference?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      compliance_settings: {
        Row: {
          cin: string | null;
          contact_message_retention_months: number;
          created_at: string;
          id: boolean;
          legal_address: string | null;
          legal_name: string | null;
          privacy_contact_email: string | null;
          stay_contact_retention_years: number;
          tax_code: string | null;
          updated_at: string;
          vat_exempt_receipts: boolean;
        };
        ComputedFields: never;
        Insert: {
          cin?: string | null;
          contact_message_retention_months?: number;
          created_at?: string;
          id?: boolean;
          legal_address?: string | null;
          legal_name?: string | null;
          privacy_contact_email?: string | null;
          stay_contact_retention_years?: number;
          tax_code?: string | null;
          updated_at?: string;
          vat_exempt_receipts?: boolean;
        };
        Update: {
          cin?: string | null;
          contact_message_retention_months?: number;
          created_at?: string;
          id?: boolean;
          legal_address?: string | null;
          legal_name?: string | null;
          privacy_contact_email?: string | null;
          stay_contact_retention_years?: number;
          tax_code?: string | null;
          updated_at?: string;
          vat_exempt_receipts?: boolean;
        };
        Relationships: [];
      };
      contact_messages: {
        Row: {
          client_ip: string | null;
          created_at: string;
          email: string;
          email_status: string;
          id: string;
          message: string;
          name: string;
          phone: string | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          client_ip?: string | null;
          created_at?: string;
          email: string;
          email_status?: string;
          id?: string;
          message: string;
          name: string;
          phone?: string | null;
          updated_at?: string;
        };
        Update: {
          client_ip?: string | null;
          created_at?: string;
          email?: string;
          email_status?: string;
          id?: string;
          message?: string;
          name?: string;
          phone?: string | null;
          updated_at?: string;
        };
        Relationships: [];
      };
      design_draft: {
        Row: {
          document: NonNullable<Json>;
          id: boolean;
          revision: number;
          updated_at: string;
          updated_by: string | null;
        };
        ComputedFields: never;
        Insert: {
          document: NonNullable<Json>;
          id?: boolean;
          revision?: number;
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          document?: NonNullable<Json>;
          id?: boolean;
          revision?: number;
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [];
      };
      design_favorites: {
        Row: {
          favorite: boolean;
          item_id: string;
          item_type: string;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          favorite: boolean;
          item_id: string;
          item_type: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          favorite?: boolean;
          item_id?: string;
          item_type?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      design_published: {
        Row: {
          document: NonNullable<Json>;
          id: boolean;
          published_at: string;
          version_id: number;
        };
        ComputedFields: never;
        Insert: {
          document: NonNullable<Json>;
          id?: boolean;
          published_at?: string;
          version_id: number;
        };
        Update: {
          document?: NonNullable<Json>;
          id?: boolean;
          published_at?: string;
          version_id?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'design_published_version_id_fkey';
            columns: ['version_id'];
            isOneToOne: false;
            referencedRelation: 'design_versions';
            referencedColumns: ['id'];
          },
        ];
      };
      design_versions: {
        Row: {
          created_at: string;
          created_by: string | null;
          document: NonNullable<Json>;
          id: number;
          note: string;
          number: number;
          restored_from: number | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          created_by?: string | null;
          document: NonNullable<Json>;
          id?: never;
          note?: string;
          number: number;
          restored_from?: number | null;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          document?: NonNullable<Json>;
          id?: never;
          note?: string;
          number?: number;
          restored_from?: number | null;
        };
        Relationships: [];
      };
      email_outbox: {
        Row: {
          attempt_count: number;
          booking_id: string | null;
          created_at: string;
          data: NonNullable<Json>;
          id: string;
          kind: string;
          language: string;
          last_attempt_at: string | null;
          last_error: string | null;
          locked_until: string | null;
          next_attempt_at: string;
          provider_message_id: string | null;
          recipient: string;
          resend_of: string | null;
          sent_at: string | null;
          status: Database['public']['Enums']['email_status'];
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          attempt_count?: number;
          booking_id?: string | null;
          created_at?: string;
          data?: NonNullable<Json>;
          id?: string;
          kind: string;
          language?: string;
          last_attempt_at?: string | null;
          last_error?: string | null;
          locked_until?: string | null;
          next_attempt_at?: string;
          provider_message_id?: string | null;
          recipient: string;
          resend_of?: string | null;
          sent_at?: string | null;
          status?: Database['public']['Enums']['email_status'];
          updated_at?: string;
        };
        Update: {
          attempt_count?: number;
          booking_id?: string | null;
          created_at?: string;
          data?: NonNullable<Json>;
          id?: string;
          kind?: string;
          language?: string;
          last_attempt_at?: string | null;
          last_error?: string | null;
          locked_until?: string | null;
          next_attempt_at?: string;
          provider_message_id?: string | null;
          recipient?: string;
          resend_of?: string | null;
          sent_at?: string | null;
          status?: Database['public']['Enums']['email_status'];
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'email_outbox_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'email_outbox_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'email_outbox_resend_of_fkey';
            columns: ['resend_of'];
            isOneToOne: false;
            referencedRelation: 'email_outbox';
            referencedColumns: ['id'];
          },
        ];
      };
      external_blocks: {
        Row: {
          check_in_date: string;
          check_out_date: string;
          created_at: string;
          event_uid: string;
          feed_id: string;
          id: string;
          missed_syncs: number;
          room_id: string;
          status: Database['public']['Enums']['external_block_status'];
          summary: string | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          check_in_date: string;
          check_out_date: string;
          created_at?: string;
          event_uid: string;
          feed_id: string;
          id?: string;
          missed_syncs?: number;
          room_id: string;
          status?: Database['public']['Enums']['external_block_status'];
          summary?: string | null;
          updated_at?: string;
        };
        Update: {
          check_in_date?: string;
          check_out_date?: string;
          created_at?: string;
          event_uid?: string;
          feed_id?: string;
          id?: string;
          missed_syncs?: number;
          room_id?: string;
          status?: Database['public']['Enums']['external_block_status'];
          summary?: string | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'external_blocks_feed_id_fkey';
            columns: ['feed_id'];
            isOneToOne: false;
            referencedRelation: 'channel_feeds';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'external_blocks_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      istat_days: {
        Row: {
          arrivals: number;
          attempts: number;
          created_at: string;
          day: string;
          departures: number;
          error_code: string | null;
          error_text: string | null;
          errors: NonNullable<Json>;
          last_attempt_at: string | null;
          next_attempt_at: string | null;
          open: boolean;
          record_hash: string | null;
          retry_requested_at: string | null;
          sent_at: string | null;
          status: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          arrivals?: number;
          attempts?: number;
          created_at?: string;
          day: string;
          departures?: number;
          error_code?: string | null;
          error_text?: string | null;
          errors?: NonNullable<Json>;
          last_attempt_at?: string | null;
          next_attempt_at?: string | null;
          open?: boolean;
          record_hash?: string | null;
          retry_requested_at?: string | null;
          sent_at?: string | null;
          status?: string;
          updated_at?: string;
        };
        Update: {
          arrivals?: number;
          attempts?: number;
          created_at?: string;
          day?: string;
          departures?: number;
          error_code?: string | null;
          error_text?: string | null;
          errors?: NonNullable<Json>;
          last_attempt_at?: string | null;
          next_attempt_at?: string | null;
          open?: boolean;
          record_hash?: string | null;
          retry_requested_at?: string | null;
          sent_at?: string | null;
          status?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      italian_provinces: {
        Row: {
          code: string;
          name: string;
          region: string;
        };
        ComputedFields: never;
        Insert: {
          code: string;
          name: string;
          region: string;
        };
        Update: {
          code?: string;
          name?: string;
          region?: string;
        };
        Relationships: [];
      };
      manual_blocks: {
        Row: {
          check_in_date: string;
          check_out_date: string;
          created_at: string;
          created_by: string | null;
          id: string;
          note: string | null;
          reason: Database['public']['Enums']['manual_block_reason'];
          room_id: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          check_in_date: string;
          check_out_date: string;
          created_at?: string;
          created_by?: string | null;
          id?: string;
          note?: string | null;
          reason?: Database['public']['Enums']['manual_block_reason'];
          room_id: string;
          updated_at?: string;
        };
        Update: {
          check_in_date?: string;
          check_out_date?: string;
          created_at?: string;
          created_by?: string | null;
          id?: string;
          note?: string | null;
          reason?: Database['public']['Enums']['manual_block_reason'];
          room_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'manual_blocks_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      payment_policy: {
        Row: {
          confirm_before_payment: boolean;
          created_at: string;
          deposit_kind: Database['public']['Enums']['deposit_kind'];
          deposit_percent: number;
          free_cancellation_days: number;
          nonrefundable_discount_percent: number;
          nonrefundable_enabled: boolean;
          singleton: boolean;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          confirm_before_payment?: boolean;
          created_at?: string;
          deposit_kind?: Database['public']['Enums']['deposit_kind'];
          deposit_percent?: number;
          free_cancellation_days?: number;
          nonrefundable_discount_percent?: number;
          nonrefundable_enabled?: boolean;
          singleton?: boolean;
          updated_at?: string;
        };
        Update: {
          confirm_before_payment?: boolean;
          created_at?: string;
          deposit_kind?: Database['public']['Enums']['deposit_kind'];
          deposit_percent?: number;
          free_cancellation_days?: number;
          nonrefundable_discount_percent?: number;
          nonrefundable_enabled?: boolean;
          singleton?: boolean;
          updated_at?: string;
        };
        Relationships: [];
      };
      payments: {
        Row: {
          actor: string;
          actor_id: string | null;
          amount_cents: number;
          booking_id: string;
          correction: boolean;
          created_at: string;
          currency: string;
          description: string | null;
          id: string;
          kind: Database['public']['Enums']['payment_kind'];
          method: string;
          provider_event_id: string | null;
          provider_payment_intent_id: string | null;
          provider_refund_id: string | null;
          provider_session_id: string | null;
          quantity: number | null;
          reason: string | null;
          reverses_id: string | null;
          service_id: string | null;
          status: string;
          unit_price_cents: number | null;
        };
        ComputedFields: never;
        Insert: {
          actor: string;
          actor_id?: string | null;
          amount_cents: number;
          booking_id: string;
          correction?: boolean;
          created_at?: string;
          currency?: string;
          description?: string | null;
          id?: string;
          kind: Database['public']['Enums']['payment_kind'];
          method: string;
          provider_event_id?: string | null;
          provider_payment_intent_id?: string | null;
          provider_refund_id?: string | null;
          provider_session_id?: string | null;
          quantity?: number | null;
          reason?: string | null;
          reverses_id?: string | null;
          service_id?: string | null;
          status?: string;
          unit_price_cents?: number | null;
        };
        Update: {
          actor?: string;
          actor_id?: string | null;
          amount_cents?: number;
          booking_id?: string;
          correction?: boolean;
          created_at?: string;
          currency?: string;
          description?: string | null;
          id?: string;
          kind?: Database['public']['Enums']['payment_kind'];
          method?: string;
          provider_event_id?: string | null;
          provider_payment_intent_id?: string | null;
          provider_refund_id?: string | null;
          provider_session_id?: string | null;
          quantity?: number | null;
          reason?: string | null;
          reverses_id?: string | null;
          service_id?: string | null;
          status?: string;
          unit_price_cents?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'payments_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payments_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payments_reverses_id_fkey';
            columns: ['reverses_id'];
            isOneToOne: false;
            referencedRelation: 'city_tax_collections';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payments_reverses_id_fkey';
            columns: ['reverses_id'];
            isOneToOne: false;
            referencedRelation: 'payments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payments_service_id_fkey';
            columns: ['service_id'];
            isOneToOne: false;
            referencedRelation: 'services';
            referencedColumns: ['id'];
          },
        ];
      };
      police_filings: {
        Row: {
          arrival_day: string;
          created_at: string;
          filed_at: string;
          filed_by: string | null;
          guest_count: number;
          id: string;
          updated_at: string;
          via_service: boolean;
        };
        ComputedFields: never;
        Insert: {
          arrival_day: string;
          created_at?: string;
          filed_at?: string;
          filed_by?: string | null;
          guest_count: number;
          id?: string;
          updated_at?: string;
          via_service?: boolean;
        };
        Update: {
          arrival_day?: string;
          created_at?: string;
          filed_at?: string;
          filed_by?: string | null;
          guest_count?: number;
          id?: string;
          updated_at?: string;
          via_service?: boolean;
        };
        Relationships: [];
      };
      police_receipts: {
        Row: {
          created_at: string;
          day: string;
          object_path: string;
          size_bytes: number;
          stored_at: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          day: string;
          object_path: string;
          size_bytes: number;
          stored_at: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          day?: string;
          object_path?: string;
          size_bytes?: number;
          stored_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      police_submissions: {
        Row: {
          alerted_at: string | null;
          arrival_day: string;
          attempts: number;
          booking_id: string;
          created_at: string;
          deadline_at: string;
          error_code: string | null;
          error_detail: string | null;
          error_text: string | null;
          filing_id: string | null;
          guest_id: string;
          last_attempt_at: string;
          sent_at: string | null;
          status: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          alerted_at?: string | null;
          arrival_day: string;
          attempts?: number;
          booking_id: string;
          created_at?: string;
          deadline_at: string;
          error_code?: string | null;
          error_detail?: string | null;
          error_text?: string | null;
          filing_id?: string | null;
          guest_id: string;
          last_attempt_at: string;
          sent_at?: string | null;
          status: string;
          updated_at?: string;
        };
        Update: {
          alerted_at?: string | null;
          arrival_day?: string;
          attempts?: number;
          booking_id?: string;
          created_at?: string;
          deadline_at?: string;
          error_code?: string | null;
          error_detail?: string | null;
          error_text?: string | null;
          filing_id?: string | null;
          guest_id?: string;
          last_attempt_at?: string;
          sent_at?: string | null;
          status?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'police_submissions_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'police_submissions_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'police_submissions_filing_id_fkey';
            columns: ['filing_id'];
            isOneToOne: false;
            referencedRelation: 'police_filings';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'police_submissions_guest_id_fkey';
            columns: ['guest_id'];
            isOneToOne: true;
            referencedRelation: 'booking_guests';
            referencedColumns: ['id'];
          },
        ];
      };
      privacy_requests: {
        Row: {
          booking_references: string[];
          bookings: number;
          contact_messages: number;
          created_at: string;
          id: string;
          kind: string;
          requested_by: string | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          booking_references?: string[];
          bookings?: number;
          contact_messages?: number;
          created_at?: string;
          id?: string;
          kind: string;
          requested_by?: string | null;
          updated_at?: string;
        };
        Update: {
          booking_references?: string[];
          bookings?: number;
          contact_messages?: number;
          created_at?: string;
          id?: string;
          kind?: string;
          requested_by?: string | null;
          updated_at?: string;
        };
        Relationships: [];
      };
      profiles: {
        Row: {
          created_at: string;
          email: string | null;
          id: string;
          name: string | null;
          portal_language: string | null;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          email?: string | null;
          id?: string;
          name?: string | null;
          portal_language?: string | null;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          email?: string | null;
          id?: string;
          name?: string | null;
          portal_language?: string | null;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      reviews: {
        Row: {
          approved: boolean;
          booking_id: string | null;
          cleanliness_rating: number | null;
          comment: string;
          created_at: string;
          guest_location: string | null;
          guest_name: string;
          hidden: boolean;
          host_reply: string | null;
          host_reply_at: string | null;
          id: string;
          location_rating: number | null;
          rating: number;
          review_date: string;
          source: string;
          staff_rating: number | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          approved?: boolean;
          booking_id?: string | null;
          cleanliness_rating?: number | null;
          comment: string;
          created_at?: string;
          guest_location?: string | null;
          guest_name: string;
          hidden?: boolean;
          host_reply?: string | null;
          host_reply_at?: string | null;
          id?: string;
          location_rating?: number | null;
          rating: number;
          review_date?: string;
          source?: string;
          staff_rating?: number | null;
          updated_at?: string;
        };
        Update: {
          approved?: boolean;
          booking_id?: string | null;
          cleanliness_rating?: number | null;
          comment?: string;
          created_at?: string;
          guest_location?: string | null;
          guest_name?: string;
          hidden?: boolean;
          host_reply?: string | null;
          host_reply_at?: string | null;
          id?: string;
          location_rating?: number | null;
          rating?: number;
          review_date?: string;
          source?: string;
          staff_rating?: number | null;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'reviews_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: true;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'reviews_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: true;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
        ];
      };
      room_housekeeping: {
        Row: {
          changed_at: string;
          changed_by: string | null;
          created_at: string;
          id: string;
          room_id: string;
          state: Database['public']['Enums']['cleaning_state'];
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          changed_at?: string;
          changed_by?: string | null;
          created_at?: string;
          id?: string;
          room_id: string;
          state?: Database['public']['Enums']['cleaning_state'];
          updated_at?: string;
        };
        Update: {
          changed_at?: string;
          changed_by?: string | null;
          created_at?: string;
          id?: string;
          room_id?: string;
          state?: Database['public']['Enums']['cleaning_state'];
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'room_housekeeping_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: true;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      room_images: {
        Row: {
          alt_text: string | null;
          created_at: string;
          display_order: number;
          id: string;
          image_url: string;
          is_primary: boolean;
          room_id: string;
          updated_at: string;
          uploaded_by: string | null;
        };
        ComputedFields: never;
        Insert: {
          alt_text?: string | null;
          created_at?: string;
          display_order?: number;
          id?: string;
          image_url: string;
          is_primary?: boolean;
          room_id: string;
          updated_at?: string;
          uploaded_by?: string | null;
        };
        Update: {
          alt_text?: string | null;
          created_at?: string;
          display_order?: number;
          id?: string;
          image_url?: string;
          is_primary?: boolean;
          room_id?: string;
          updated_at?: string;
          uploaded_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'room_images_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      room_promo_codes: {
        Row: {
          created_at: string;
          current_uses: number;
          description: string | null;
          discount_percentage: number;
          id: string;
          is_active: boolean;
          max_uses: number | null;
          promo_code: string;
          room_id: string;
          updated_at: string;
          valid_from: string | null;
          valid_until: string | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          current_uses?: number;
          description?: string | null;
          discount_percentage?: number;
          id?: string;
          is_active?: boolean;
          max_uses?: number | null;
          promo_code: string;
          room_id: string;
          updated_at?: string;
          valid_from?: string | null;
          valid_until?: string | null;
        };
        Update: {
          created_at?: string;
          current_uses?: number;
          description?: string | null;
          discount_percentage?: number;
          id?: string;
          is_active?: boolean;
          max_uses?: number | null;
          promo_code?: string;
          room_id?: string;
          updated_at?: string;
          valid_from?: string | null;
          valid_until?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'room_promo_codes_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      room_rate_seasons: {
        Row: {
          closed_arrival_days: number[];
          closed_departure_days: number[];
          created_at: string;
          ends_on: string;
          id: string;
          min_nights: number;
          name: string;
          price_per_night: number;
          room_id: string;
          starts_on: string;
          updated_at: string;
          weekend_min_nights: number | null;
          weekend_price: number | null;
        };
        ComputedFields: never;
        Insert: {
          closed_arrival_days?: number[];
          closed_departure_days?: number[];
          created_at?: string;
          ends_on: string;
          id?: string;
          min_nights?: number;
          name: string;
          price_per_night: number;
          room_id: string;
          starts_on: string;
          updated_at?: string;
          weekend_min_nights?: number | null;
          weekend_price?: number | null;
        };
        Update: {
          closed_arrival_days?: number[];
          closed_departure_days?: number[];
          created_at?: string;
          ends_on?: string;
          id?: string;
          min_nights?: number;
          name?: string;
          price_per_night?: number;
          room_id?: string;
          starts_on?: string;
          updated_at?: string;
          weekend_min_nights?: number | null;
          weekend_price?: number | null;
        };
        Relationships: [
          {
            foreignKeyName: 'room_rate_seasons_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      rooms: {
        Row: {
          amenities: string[];
          bathrooms: number;
          bed_layout: string | null;
          beds: number;
          created_at: string;
          description: string | null;
          id: string;
          image_url: string | null;
          max_guests: number;
          name: string;
          price_per_night: number;
          room_number: string;
          room_type: Database['public']['Enums']['room_type'];
          size_m2: number;
          status: Database['public']['Enums']['room_status'];
          translations: NonNullable<Json>;
          updated_at: string;
          view: string | null;
        };
        ComputedFields: never;
        Insert: {
          amenities?: string[];
          bathrooms?: number;
          bed_layout?: string | null;
          beds?: number;
          created_at?: string;
          description?: string | null;
          id?: string;
          image_url?: string | null;
          max_guests?: number;
          name: string;
          price_per_night?: number;
          room_number: string;
          room_type: Database['public']['Enums']['room_type'];
          size_m2?: number;
          status?: Database['public']['Enums']['room_status'];
          translations?: NonNullable<Json>;
          updated_at?: string;
          view?: string | null;
        };
        Update: {
          amenities?: string[];
          bathrooms?: number;
          bed_layout?: string | null;
          beds?: number;
          created_at?: string;
          description?: string | null;
          id?: string;
          image_url?: string | null;
          max_guests?: number;
          name?: string;
          price_per_night?: number;
          room_number?: string;
          room_type?: Database['public']['Enums']['room_type'];
          size_m2?: number;
          status?: Database['public']['Enums']['room_status'];
          translations?: NonNullable<Json>;
          updated_at?: string;
          view?: string | null;
        };
        Relationships: [];
      };
      security_alerts: {
        Row: {
          alert_type: string;
          created_at: string;
          dedup_key: string | null;
          description: string;
          id: string;
          ip_address: string | null;
          last_seen_at: string;
          metadata: Json | null;
          occurrences: number;
          resolved_at: string | null;
          resolved_by: string | null;
          severity: Database['public']['Enums']['security_severity'];
          status: Database['public']['Enums']['alert_status'];
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          alert_type?: string;
          created_at?: string;
          dedup_key?: string | null;
          description: string;
          id?: string;
          ip_address?: string | null;
          last_seen_at?: string;
          metadata?: Json | null;
          occurrences?: number;
          resolved_at?: string | null;
          resolved_by?: string | null;
          severity?: Database['public']['Enums']['security_severity'];
          status?: Database['public']['Enums']['alert_status'];
          updated_at?: string;
        };
        Update: {
          alert_type?: string;
          created_at?: string;
          dedup_key?: string | null;
          description?: string;
          id?: string;
          ip_address?: string | null;
          last_seen_at?: string;
          metadata?: Json | null;
          occurrences?: number;
          resolved_at?: string | null;
          resolved_by?: string | null;
          severity?: Database['public']['Enums']['security_severity'];
          status?: Database['public']['Enums']['alert_status'];
          updated_at?: string;
        };
        Relationships: [];
      };
      security_logs: {
        Row: {
          created_at: string;
          description: string;
          event_type: string;
          id: string;
          ip_address: string | null;
          metadata: Json | null;
          risk_score: number;
          session_id: string | null;
          severity: Database['public']['Enums']['security_severity'];
          updated_at: string;
          user_agent: string | null;
          user_id: string | null;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          description: string;
          event_type: string;
          id?: string;
          ip_address?: string | null;
          metadata?: Json | null;
          risk_score?: number;
          session_id?: string | null;
          severity?: Database['public']['Enums']['security_severity'];
          updated_at?: string;
          user_agent?: string | null;
          user_id?: string | null;
        };
        Update: {
          created_at?: string;
          description?: string;
          event_type?: string;
          id?: string;
          ip_address?: string | null;
          metadata?: Json | null;
          risk_score?: number;
          session_id?: string | null;
          severity?: Database['public']['Enums']['security_severity'];
          updated_at?: string;
          user_agent?: string | null;
          user_id?: string | null;
        };
        Relationships: [];
      };
      services: {
        Row: {
          available: boolean;
          category: string;
          created_at: string;
          description: string | null;
          duration_minutes: number;
          id: string;
          image_url: string | null;
          name: string;
          price: number;
          pricing_unit: Database['public']['Enums']['service_pricing_unit'];
          translations: NonNullable<Json>;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          available?: boolean;
          category?: string;
          created_at?: string;
          description?: string | null;
          duration_minutes?: number;
          id?: string;
          image_url?: string | null;
          name: string;
          price?: number;
          pricing_unit?: Database['public']['Enums']['service_pricing_unit'];
          translations?: NonNullable<Json>;
          updated_at?: string;
        };
        Update: {
          available?: boolean;
          category?: string;
          created_at?: string;
          description?: string | null;
          duration_minutes?: number;
          id?: string;
          image_url?: string | null;
          name?: string;
          price?: number;
          pricing_unit?: Database['public']['Enums']['service_pricing_unit'];
          translations?: NonNullable<Json>;
          updated_at?: string;
        };
        Relationships: [];
      };
      site_content: {
        Row: {
          created_at: string;
          description: string | null;
          key: string;
          translations: NonNullable<Json>;
          updated_at: string;
          value: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          description?: string | null;
          key: string;
          translations?: NonNullable<Json>;
          updated_at?: string;
          value?: string;
        };
        Update: {
          created_at?: string;
          description?: string | null;
          key?: string;
          translations?: NonNullable<Json>;
          updated_at?: string;
          value?: string;
        };
        Relationships: [];
      };
      user_roles: {
        Row: {
          created_at: string;
          id: string;
          role: Database['public']['Enums']['app_role'];
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          id?: string;
          role: Database['public']['Enums']['app_role'];
          updated_at?: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          role?: Database['public']['Enums']['app_role'];
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      webhook_deliveries: {
        Row: {
          attempt_count: number;
          created_at: string;
          delivered_at: string | null;
          endpoint_id: string | null;
          event_type: string;
          id: string;
          last_attempt_at: string | null;
          last_error: string | null;
          last_latency_ms: number | null;
          last_response_excerpt: string | null;
          last_response_status: number | null;
          locked_until: string | null;
          message_id: string;
          next_attempt_at: string;
          payload: NonNullable<Json>;
          replay_of: string | null;
          status: Database['public']['Enums']['webhook_delivery_status'];
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          attempt_count?: number;
          created_at?: string;
          delivered_at?: string | null;
          endpoint_id?: string | null;
          event_type: string;
          id?: string;
          last_attempt_at?: string | null;
          last_error?: string | null;
          last_latency_ms?: number | null;
          last_response_excerpt?: string | null;
          last_response_status?: number | null;
          locked_until?: string | null;
          message_id: string;
          next_attempt_at?: string;
          payload: NonNullable<Json>;
          replay_of?: string | null;
          status?: Database['public']['Enums']['webhook_delivery_status'];
          updated_at?: string;
        };
        Update: {
          attempt_count?: number;
          created_at?: string;
          delivered_at?: string | null;
          endpoint_id?: string | null;
          event_type?: string;
          id?: string;
          last_attempt_at?: string | null;
          last_error?: string | null;
          last_latency_ms?: number | null;
          last_response_excerpt?: string | null;
          last_response_status?: number | null;
          locked_until?: string | null;
          message_id?: string;
          next_attempt_at?: string;
          payload?: NonNullable<Json>;
          replay_of?: string | null;
          status?: Database['public']['Enums']['webhook_delivery_status'];
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'webhook_deliveries_endpoint_id_fkey';
            columns: ['endpoint_id'];
            isOneToOne: false;
            referencedRelation: 'webhook_endpoints';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'webhook_deliveries_replay_of_fkey';
            columns: ['replay_of'];
            isOneToOne: false;
            referencedRelation: 'webhook_deliveries';
            referencedColumns: ['id'];
          },
        ];
      };
      webhook_endpoints: {
        Row: {
          created_at: string;
          created_by: string | null;
          description: string;
          disabled_reason: string | null;
          enabled: boolean;
          event_types: string[];
          failing_since: string | null;
          id: string;
          include_guest_details: boolean;
          updated_at: string;
          url: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          created_by?: string | null;
          description?: string;
          disabled_reason?: string | null;
          enabled?: boolean;
          event_types: string[];
          failing_since?: string | null;
          id?: string;
          include_guest_details?: boolean;
          updated_at?: string;
          url: string;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          description?: string;
          disabled_reason?: string | null;
          enabled?: boolean;
          event_types?: string[];
          failing_since?: string | null;
          id?: string;
          include_guest_details?: boolean;
          updated_at?: string;
          url?: string;
        };
        Relationships: [];
      };
    };
    Views: {
      booking_list: {
        Row: {
          check_in_date: string;
          check_out_date: string;
          created_at: string;
          discount_amount: number;
          guest_email: string;
          guest_name: string;
          guest_phone: string | null;
          guests: number;
          id: string;
          promo_code: string | null;
          reference: string;
          room_id: string;
          room_name: string;
          room_number: string;
          room_type: Database['public']['Enums']['room_type'];
          special_requests: string | null;
          status: Database['public']['Enums']['booking_status'];
          total_amount: number;
          updated_at: string;
        };
        ComputedFields: never;
        Relationships: [
          {
            foreignKeyName: 'bookings_room_id_fkey';
            columns: ['room_id'];
            isOneToOne: false;
            referencedRelation: 'rooms';
            referencedColumns: ['id'];
          },
        ];
      };
      city_tax_collections: {
        Row: {
          amount_cents: number | null;
          booking_id: string;
          collected_at: string;
          collected_by: string | null;
          created_at: string;
          id: string;
          method: string;
          note: string | null;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          amount_cents?: number | null;
          booking_id?: string | null;
          collected_at?: string | null;
          collected_by?: string | null;
          created_at?: string | null;
          id?: string | null;
          method?: string | null;
          note?: string | null;
          updated_at?: string | null;
        };
        Update: {
          amount_cents?: number | null;
          booking_id?: string | null;
          collected_at?: string | null;
          collected_by?: string | null;
          created_at?: string | null;
          id?: string | null;
          method?: string | null;
          note?: string | null;
          updated_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'payments_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'booking_list';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payments_booking_id_fkey';
            columns: ['booking_id'];
            isOneToOne: false;
            referencedRelation: 'bookings';
            referencedColumns: ['id'];
          },
        ];
      };
      review_summary: {
        Row: {
          average_rating: number | null;
          review_count: number | null;
        };
        ComputedFields: never;
        Relationships: [];
      };
    };
    Functions: {
      add_city_tax_rate: {
        Args: {
          p_amount_cents: number;
          p_category?: string;
          p_exempt_under_age?: number;
          p_max_nights?: number;
          p_note?: string;
          p_valid_from: string;
        };
        Returns: string;
      };
      add_folio_extra: {
        Args: {
          p_booking_id: string;
          p_description: string;
          p_quantity: number;
          p_service_id: string;
          p_unit_price_cents?: number;
        };
        Returns: string;
      };
      admin_auth_events: {
        Args: { p_limit?: number; p_since?: string };
        Returns: {
          action: string;
          actor_id: string;
          actor_username: string;
          created_at: string;
          id: string;
          ip_address: string;
        }[];
      };
      admin_dashboard_stats: {
        Args: Record<PropertyKey, never>;
        Returns: {
          active_bookings: number;
          occupied_rooms: number;
          pending_bookings: number;
          registered_guests: number;
          revenue: number;
          total_rooms: number;
          unavailable_rooms: number;
        }[];
      };
      admin_security_counts: {
        Args: {
          p_event_type?: string;
          p_search?: string;
          p_severity?: Database['public']['Enums']['security_severity'];
          p_since?: string;
        };
        Returns: {
          active_alerts: number;
          admin_actions: number;
          high_risk_events: number;
          security_events: number;
        }[];
      };
      admin_security_logs: {
        Args: {
          p_event_type?: string;
          p_limit?: number;
          p_search?: string;
          p_severity?: Database['public']['Enums']['security_severity'];
          p_since?: string;
        };
        Returns: {
          created_at: string;
          description: string;
          event_type: string;
          id: string;
          ip_address: string | null;
          metadata: Json | null;
          risk_score: number;
          session_id: string | null;
          severity: Database['public']['Enums']['security_severity'];
          updated_at: string;
          user_agent: string | null;
          user_id: string | null;
        }[];
        SetofOptions: {
          from: '*';
          to: 'security_logs';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      apply_stripe_event: { Args: { p_event_id: string; p_event_type: string; p_object: Json }; Returns: Json };
      available_room_ids: { Args: { p_check_in: string; p_check_out: string }; Returns: string[] };
      booking_by_link: { Args: { p_reference: string; p_token: string }; Returns: Json };
      booking_cancellation_by_link: { Args: { p_reference: string; p_token: string }; Returns: Json };
      booking_checkin_status: {
        Args: { p_booking_ids: string[] };
        Returns: {
          booking_id: string;
          checked_in_at: string;
          complete: boolean;
          guests_entered: number;
          guests_expected: number;
          missing_fields: number;
          verified: number;
        }[];
      };
      booking_city_tax: { Args: { p_booking_id: string }; Returns: Json };
      booking_folio: {
        Args: { p_booking_id: string };
        Returns: Database['public']['CompositeTypes']['booking_folio_view'];
        SetofOptions: {
          from: '*';
          to: 'booking_folio_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      booking_folios: {
        Args: { p_booking_ids: string[] };
        Returns: Database['public']['CompositeTypes']['booking_folio_view'][];
        SetofOptions: {
          from: '*';
          to: 'booking_folio_view';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      booking_payments_by_link: { Args: { p_reference: string; p_token: string }; Returns: Json };
      booking_receipt_by_link: {
        Args: { p_client_address: string; p_reference: string; p_token: string };
        Returns: Json;
      };
      can_housekeep: { Args: Record<PropertyKey, never>; Returns: boolean };
      cancel_booking_request: { Args: { p_reference: string; p_token: string }; Returns: Json };
      change_booking_stay: {
        Args: { p_booking_id: string; p_check_in: string; p_check_out: string; p_notify?: boolean; p_room_id: string };
        Returns: Json;
      };
      channel_export_events: { Args: { p_token: string }; Returns: Json };
      channel_export_tokens: {
        Args: Record<PropertyKey, never>;
        Returns: {
          export_token: string;
          feed_id: string;
        }[];
      };
      channel_record_sync: {
        Args: {
          p_error: string;
          p_etag: string;
          p_events: Json;
          p_feed_id: string;
          p_http_status: number;
          p_started_at: string;
          p_trigger: string;
        };
        Returns: Json;
      };
      check_in_booking: { Args: { p_booking_id: string }; Returns: string };
      check_out_booking: {
        Args: { p_booking_id: string; p_leave_owing?: boolean; p_nights?: string; p_settle_method?: string };
        Returns: Database['public']['CompositeTypes']['check_out_result'];
        SetofOptions: {
          from: '*';
          to: 'check_out_result';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      check_promo_code: {
        Args: { p_code: string; p_room_id?: string };
        Returns: Database['public']['CompositeTypes']['promo_check'];
        SetofOptions: {
          from: '*';
          to: 'promo_check';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      checkin_by_link: { Args: { p_reference: string; p_token: string }; Returns: Json };
      city_tax_annual: {
        Args: { p_year: number };
        Returns: {
          arriving_guests: number;
          collected_cents: number;
          due_cents: number;
          exempt_nights: number;
          period_end: string;
          period_start: string;
          person_nights: number;
          remittances: Json;
          remitted_cents: number;
          taxable: number;
        }[];
      };
      city_tax_periods: {
        Args: { p_from: string; p_period: string; p_to: string };
        Returns: {
          arrivals: number;
          arriving_guests: number;
          beyond_cap: number;
          coach_driver_guide: number;
          collected_cents: number;
          disability_caregiver: number;
          due_cents: number;
          emergency_housing: number;
          house_staff: number;
          patient_companion: number;
          period_end: string;
          period_start: string;
          person_nights: number;
          police_armed_forces: number;
          resident: number;
          taxable: number;
          under_age: number;
          volunteer: number;
        }[];
      };
      city_tax_register: {
        Args: { p_from: string; p_to: string };
        Returns: {
          beyond_cap: number;
          booking_id: string;
          check_in: string;
          check_out: string;
          coach_driver_guide: number;
          collected_cents: number;
          disability_caregiver: number;
          due_cents: number;
          emergency_housing: number;
          guest_name: string;
          house_staff: number;
          patient_companion: number;
          person_nights: number;
          persons: number;
          police_armed_forces: number;
          reference: string;
          resident: number;
          status: Database['public']['Enums']['booking_status'];
          taxable: number;
          under_age: number;
          volunteer: number;
        }[];
      };
      claim_emails: {
        Args: { p_lease_seconds?: number; p_limit?: number };
        Returns: {
          attempt: number;
          data: Json;
          email_id: string;
          kind: string;
          language: string;
          recipient: string;
        }[];
      };
      claim_refund_requests: {
        Args: { p_booking_id?: string };
        Returns: {
          amount_cents: number;
          booking_id: string;
          payment_intent_id: string;
          reason: string;
          request_id: string;
        }[];
      };
      claim_webhook_deliveries: {
        Args: { p_delivery_id?: string; p_lease_seconds?: number; p_limit?: number };
        Returns: {
          attempt: number;
          delivery_id: string;
          event_type: string;
          message_id: string;
          payload: Json;
          secret: string;
          url: string;
        }[];
      };
      confirm_booking_request: { Args: { p_reference: string; p_token: string }; Returns: Json };
      create_desk_booking: {
        Args: {
          p_check_in: string;
          p_check_out: string;
          p_extras?: Json;
          p_guest_email: string;
          p_guest_name: string;
          p_guest_phone?: string;
          p_guests: number;
          p_hold_hours?: number;
          p_language?: string;
          p_notes?: string;
          p_override_reason?: string;
          p_paid_method?: string;
          p_rate_plan?: string;
          p_room_id: string;
          p_send_link?: boolean;
          p_source?: string;
          p_status?: string;
          p_total_cents?: number;
        };
        Returns: Json;
      };
      create_webhook_endpoint: {
        Args: { p_description: string; p_event_types: string[]; p_include_guest_details: boolean; p_url: string };
        Returns: Json;
      };
      delete_user: { Args: { p_user_id: string }; Returns: undefined };
      deploy_hook_settings: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['CompositeTypes']['deploy_hook_view'];
        SetofOptions: {
          from: '*';
          to: 'deploy_hook_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      desk_alerts: {
        Args: Record<PropertyKey, never>;
        Returns: {
          alert_type: string;
          booking_id: string;
          booking_reference: string;
          created_at: string;
          description: string;
          id: string;
          last_seen_at: string;
          occurrences: number;
          severity: Database['public']['Enums']['security_severity'];
        }[];
      };
      enqueue_deploy_hook_test: { Args: Record<PropertyKey, never>; Returns: string };
      enqueue_webhook_test: { Args: { p_endpoint_id: string }; Returns: string };
      erase_expired_identity_documents: { Args: Record<PropertyKey, never>; Returns: number };
      expire_police_receipts: { Args: Record<PropertyKey, never>; Returns: string[] };
      house_cancellation_terms: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['CompositeTypes']['house_cancellation_view'];
        SetofOptions: {
          from: '*';
          to: 'house_cancellation_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      housekeeping_list: {
        Args: { p_day?: string };
        Returns: {
          arrival: boolean;
          changed_at: string;
          day_kind: string;
          departure: boolean;
          guests: number;
          room_id: string;
          room_name: string;
          room_number: string;
          room_status: Database['public']['Enums']['room_status'];
          sort_order: number;
          state: Database['public']['Enums']['cleaning_state'];
          stayover: boolean;
        }[];
      };
      import_alloggiati_table: {
        Args: { p_file_name?: string; p_rows: Json; p_table: string };
        Returns: Database['public']['CompositeTypes']['alloggiati_import_result'];
        SetofOptions: {
          from: '*';
          to: 'alloggiati_import_result';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean };
      is_housekeeping: { Args: Record<PropertyKey, never>; Returns: boolean };
      is_staff: { Args: Record<PropertyKey, never>; Returns: boolean };
      istat_filing_credentials: {
        Args: Record<PropertyKey, never>;
        Returns: {
          password: string;
          structure: string;
          utente: string;
        }[];
      };
      istat_filing_due: {
        Args: Record<PropertyKey, never>;
        Returns: {
          day: string;
          movimento: Json;
          record_hash: string;
        }[];
      };
      istat_movement: {
        Args: { p_month: string };
        Returns: {
          arrivals: number;
          breakdown: string;
          code: string;
          label: string;
          nights: number;
        }[];
      };
      mark_no_show: { Args: { p_booking_id: string }; Returns: Json };
      mark_police_file_filed: { Args: { p_day: string; p_guest_ids: string[] }; Returns: string };
      mfa_satisfied: { Args: Record<PropertyKey, never>; Returns: boolean };
      money_received: {
        Args: { p_since?: string };
        Returns: Database['public']['CompositeTypes']['money_received_totals'];
        SetofOptions: {
          from: '*';
          to: 'money_received_totals';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      paperwork_credentials_settings: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['CompositeTypes']['paperwork_account_view'];
        SetofOptions: {
          from: '*';
          to: 'paperwork_account_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      payment_checkout_record: {
        Args: {
          p_amount_cents: number;
          p_booking_id: string;
          p_client_address: string;
          p_currency: string;
          p_expires_at: string;
          p_session_id: string;
          p_url: string;
        };
        Returns: undefined;
      };
      payment_checkout_start: {
        Args: { p_client_address: string; p_reference: string; p_token: string };
        Returns: Json;
      };
      payment_session_state: { Args: { p_booking_id: string; p_session_id: string }; Returns: Json };
      platform_api_key_hints: {
        Args: Record<PropertyKey, never>;
        Returns: {
          last4: string;
          platform: Database['public']['Enums']['channel_platform'];
          updated_at: string;
        }[];
      };
      police_file_day: {
        Args: { p_day: string };
        Returns: Database['public']['CompositeTypes']['police_file_day_view'];
        SetofOptions: {
          from: '*';
          to: 'police_file_day_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      police_filing_credentials: {
        Args: Record<PropertyKey, never>;
        Returns: {
          password: string;
          token: string;
          token_expires_at: string;
          utente: string;
          wskey: string;
        }[];
      };
      police_filing_keep_token: { Args: { p_expires_at: string; p_token: string }; Returns: undefined };
      police_filing_queue: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['CompositeTypes']['police_file_guest'][];
        SetofOptions: {
          from: '*';
          to: 'police_file_guest';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      police_submissions_day: {
        Args: { p_day: string };
        Returns: Database['public']['CompositeTypes']['police_service_day_view'];
        SetofOptions: {
          from: '*';
          to: 'police_service_day_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      privacy_guest_erase: {
        Args: { p_email: string };
        Returns: Database['public']['CompositeTypes']['privacy_erasure_result'];
        SetofOptions: {
          from: '*';
          to: 'privacy_erasure_result';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      privacy_guest_export: { Args: { p_email: string }; Returns: Json };
      publish_design: { Args: { p_base_revision: number; p_note?: string }; Returns: number };
      quote_stay: {
        Args: {
          p_check_in: string;
          p_check_out: string;
          p_extras?: Json;
          p_guests: number;
          p_promo_code?: string;
          p_rate_plan?: string;
          p_room_id: string;
        };
        Returns: Database['public']['CompositeTypes']['stay_quote'];
        SetofOptions: {
          from: '*';
          to: 'stay_quote';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      quote_stay_change: {
        Args: { p_booking_id: string; p_check_in: string; p_check_out: string; p_room_id: string };
        Returns: Json;
      };
      raise_city_tax_reminders: { Args: Record<PropertyKey, never>; Returns: number };
      raise_istat_unsent_alerts: { Args: Record<PropertyKey, never>; Returns: number };
      raise_police_deadline_alerts: { Args: Record<PropertyKey, never>; Returns: number };
      record_city_tax_exemption: {
        Args: {
          p_booking_id: string;
          p_declarant_name: string;
          p_declaration?: string;
          p_declared_on?: string;
          p_persons: number;
          p_reason: Database['public']['Enums']['city_tax_exemption_reason'];
        };
        Returns: string;
      };
      record_city_tax_remittance: {
        Args: { p_amount_cents: number; p_paid_on: string; p_period_start: string; p_reference: string };
        Returns: string;
      };
      record_email_attempt: {
        Args: { p_email_id: string; p_error?: string; p_provider_message_id?: string; p_sent: boolean };
        Returns: string;
      };
      record_istat_day: {
        Args: { p_day: string; p_errors?: Json; p_outcome: string; p_record: Json; p_record_hash: string };
        Returns: {
          arrivals: number;
          attempts: number;
          created_at: string;
          day: string;
          departures: number;
          error_code: string | null;
          error_text: string | null;
          errors: NonNullable<Json>;
          last_attempt_at: string | null;
          next_attempt_at: string | null;
          open: boolean;
          record_hash: string | null;
          retry_requested_at: string | null;
          sent_at: string | null;
          status: string;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'istat_days';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      record_police_receipt: { Args: { p_day: string; p_path: string; p_size: number }; Returns: undefined };
      record_police_submissions: { Args: { p_results: Json }; Returns: number };
      record_property_payment: {
        Args: {
          p_amount_cents: number;
          p_booking_id: string;
          p_kind: Database['public']['Enums']['payment_kind'];
          p_method: string;
        };
        Returns: string;
      };
      record_refund: { Args: { p_error?: string; p_refund_id: string; p_request_id: string }; Returns: undefined };
      record_security_events: {
        Args: {
          p_address: string;
          p_events: Json;
          p_limit_per_minute?: number;
          p_user_agent: string;
          p_user_id: string;
        };
        Returns: Json;
      };
      record_webhook_attempt: {
        Args: {
          p_delivery_id: string;
          p_error: string;
          p_latency_ms: number;
          p_response_excerpt: string;
          p_response_status: number;
          p_retry_after_seconds?: number;
        };
        Returns: string;
      };
      remove_deploy_hook: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['CompositeTypes']['deploy_hook_view'];
        SetofOptions: {
          from: '*';
          to: 'deploy_hook_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      replay_webhook_delivery: { Args: { p_delivery_id: string }; Returns: string };
      report_guest_countries: {
        Args: { p_from: string; p_to: string };
        Returns: {
          country: string;
          country_code: string;
          guests: number;
          nights: number;
        }[];
      };
      report_occupancy: {
        Args: { p_from: string; p_to: string };
        Returns: {
          adr_cents: number;
          available_nights: number;
          channel_nights: number;
          closed_nights: number;
          month: string;
          on_request_cents: number;
          on_request_nights: number;
          received_cents: number;
          revenue_cents: number;
          revpar_cents: number;
          sold_nights: number;
        }[];
      };
      report_outcomes: {
        Args: { p_from: string; p_to: string };
        Returns: {
          actor: string;
          actor_name: string;
          outcome: string;
          requests: number;
        }[];
      };
      report_pace: {
        Args: { p_from: string; p_to: string };
        Returns: {
          month: string;
          nights: number;
          nights_year_before: number;
        }[];
      };
      report_sources: {
        Args: { p_from: string; p_to: string };
        Returns: {
          month: string;
          nights: number;
          source: string;
        }[];
      };
      report_stay_patterns: {
        Args: { p_from: string; p_to: string };
        Returns: {
          bookings: number;
          bucket: string;
          bucket_order: number;
          measure: string;
          nights: number;
        }[];
      };
      request_booking: {
        Args: {
          p_check_in: string;
          p_check_out: string;
          p_extras?: Json;
          p_guest_email: string;
          p_guest_name: string;
          p_guest_phone?: string;
          p_guests: number;
          p_language?: string;
          p_promo_code?: string;
          p_rate_plan?: string;
          p_room_id: string;
          p_special_requests?: string;
        };
        Returns: Database['public']['CompositeTypes']['booking_request_result'];
        SetofOptions: {
          from: '*';
          to: 'booking_request_result';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      request_refund: { Args: { p_amount_cents: number; p_booking_id: string; p_reason: string }; Returns: number };
      resend_booking_email: { Args: { p_email_id: string }; Returns: string };
      reset_user_mfa: { Args: { p_user_id: string }; Returns: number };
      resolve_security_alert: {
        Args: { p_alert_id: string };
        Returns: {
          alert_type: string;
          created_at: string;
          dedup_key: string | null;
          description: string;
          id: string;
          ip_address: string | null;
          last_seen_at: string;
          metadata: Json | null;
          occurrences: number;
          resolved_at: string | null;
          resolved_by: string | null;
          severity: Database['public']['Enums']['security_severity'];
          status: Database['public']['Enums']['alert_status'];
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'security_alerts';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      restore_design_version: { Args: { p_note?: string; p_number: number }; Returns: number };
      retry_istat_day: {
        Args: { p_day: string };
        Returns: {
          arrivals: number;
          attempts: number;
          created_at: string;
          day: string;
          departures: number;
          error_code: string | null;
          error_text: string | null;
          errors: NonNullable<Json>;
          last_attempt_at: string | null;
          next_attempt_at: string | null;
          open: boolean;
          record_hash: string | null;
          retry_requested_at: string | null;
          sent_at: string | null;
          status: string;
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'istat_days';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      reverse_folio_line: { Args: { p_line_id: string; p_reason: string }; Returns: string };
      review_invitation: {
        Args: { p_token: string };
        Returns: Database['public']['CompositeTypes']['review_invitation_view'];
        SetofOptions: {
          from: '*';
          to: 'review_invitation_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      revoke_booking_link: { Args: { p_booking_id: string }; Returns: undefined };
      room_board: {
        Args: { p_from: string; p_to: string };
        Returns: {
          check_in_date: string;
          check_out_date: string;
          guest_name: string;
          guests: number;
          id: string;
          kind: string;
          reference: string;
          room_id: string;
          source: string;
          status: string;
        }[];
      };
      room_calendar: {
        Args: { p_from: string; p_room_id: string; p_to: string };
        Returns: {
          available: boolean;
          closed_to_arrival: boolean;
          closed_to_departure: boolean;
          min_nights: number;
          night: string;
          price: number;
        }[];
      };
      room_is_available: { Args: { p_check_in: string; p_check_out: string; p_room_id: string }; Returns: boolean };
      room_occupancy: {
        Args: { p_from: string; p_to: string };
        Returns: {
          check_in_date: string;
          check_out_date: string;
          id: string;
          kind: string;
          label: string;
          room_id: string;
          source: string;
          status: string;
        }[];
      };
      rotate_channel_export_token: { Args: { p_feed_id: string }; Returns: undefined };
      rotate_webhook_secret: { Args: { p_id: string }; Returns: string };
      run_booking_timers: { Args: Record<PropertyKey, never>; Returns: Json };
      run_privacy_retention: { Args: Record<PropertyKey, never>; Returns: Json };
      save_checkin_by_link: { Args: { p_guests: Json; p_reference: string; p_token: string }; Returns: Json };
      save_design_draft: { Args: { p_base_revision: number; p_document: Json }; Returns: number };
      save_platform_api_key: {
        Args: { p_api_key: string; p_platform: Database['public']['Enums']['channel_platform'] };
        Returns: undefined;
      };
      search_booking_list: {
        Args: {
          p_limit?: number;
          p_offset?: number;
          p_search?: string;
          p_status?: Database['public']['Enums']['booking_status'];
        };
        Returns: {
          check_in_date: string;
          check_out_date: string;
          created_at: string;
          discount_amount: number;
          guest_email: string;
          guest_name: string;
          guest_phone: string;
          guests: number;
          id: string;
          promo_code: string;
          reference: string;
          room_id: string;
          room_name: string;
          room_number: string;
          room_type: Database['public']['Enums']['room_type'];
          special_requests: string;
          status: Database['public']['Enums']['booking_status'];
          total_amount: number;
          total_count: number;
        }[];
      };
      search_checkin_places: {
        Args: { p_iso_codes?: string[]; p_kind: string; p_query: string; p_reference?: string; p_token?: string };
        Returns: {
          code: string;
          ended_on: string;
          iso_code: string;
          kind: string;
          name: string;
          province: string;
        }[];
      };
      security_retention: { Args: Record<PropertyKey, never>; Returns: Json };
      set_city_tax_category: { Args: { p_category: string; p_valid_from: string }; Returns: undefined };
      set_deploy_hook: {
        Args: { p_url: string };
        Returns: Database['public']['CompositeTypes']['deploy_hook_view'];
        SetofOptions: {
          from: '*';
          to: 'deploy_hook_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      set_my_language: { Args: { p_language: string }; Returns: string };
      set_paperwork_credentials: {
        Args: { p_key: string; p_password: string; p_service: string; p_tested?: boolean; p_user: string };
        Returns: Database['public']['CompositeTypes']['paperwork_account_view'];
        SetofOptions: {
          from: '*';
          to: 'paperwork_account_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      set_primary_room_image: { Args: { p_image_id: string }; Returns: undefined };
      set_room_cleaning: {
        Args: { p_room_id: string; p_state: Database['public']['Enums']['cleaning_state'] };
        Returns: {
          changed_at: string;
          changed_by: string | null;
          created_at: string;
          id: string;
          room_id: string;
          state: Database['public']['Enums']['cleaning_state'];
          updated_at: string;
        };
        SetofOptions: {
          from: '*';
          to: 'room_housekeeping';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      set_staff_mfa_required: { Args: { p_required: boolean }; Returns: undefined };
      set_user_role: {
        Args: { p_role: Database['public']['Enums']['app_role']; p_user_id: string };
        Returns: undefined;
      };
      site_compliance: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['CompositeTypes']['site_compliance_view'];
        SetofOptions: {
          from: '*';
          to: 'site_compliance_view';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      staff_arrivals: {
        Args: { p_day: string };
        Returns: Database['public']['CompositeTypes']['arrivals_day'];
        SetofOptions: {
          from: '*';
          to: 'arrivals_day';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      staff_mfa_status: {
        Args: Record<PropertyKey, never>;
        Returns: Database['public']['CompositeTypes']['staff_mfa_status'][];
        SetofOptions: {
          from: '*';
          to: 'staff_mfa_status';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      staff_save_booking_guests: { Args: { p_booking_id: string; p_guests: Json }; Returns: undefined };
      store_contact_message: {
        Args: {
          p_client_ip: string;
          p_email: string;
          p_max_messages: number;
          p_message: string;
          p_name: string;
          p_phone?: string;
          p_window: string;
        };
        Returns: string;
      };
      submit_review: {
        Args: {
          p_cleanliness_rating?: number;
          p_comment: string;
          p_guest_location?: string;
          p_guest_name: string;
          p_location_rating?: number;
          p_rating: number;
          p_staff_rating?: number;
          p_token: string;
        };
        Returns: Json;
      };
      unreported_check_ins: {
        Args: Record<PropertyKey, never>;
        Returns: {
          booking_id: string;
          checked_in_at: string;
          deadline_at: string;
          hours_left: number;
          reference: string;
          room_name: string;
          unreported_guests: number;
        }[];
      };
      update_webhook_endpoint: {
        Args: {
          p_description: string;
          p_enabled: boolean;
          p_event_types: string[];
          p_id: string;
          p_include_guest_details: boolean;
          p_url: string;
        };
        Returns: {
          created_at: string;
          created_by: string | null;
          description: string;
          disabled_reason: string | null;
          enabled: boolean;
          event_types: string[];
          failing_since: string | null;
          id: string;
          include_guest_details: boolean;
          updated_at: string;
          url: string;
        };
        SetofOptions: {
          from: '*';
          to: 'webhook_endpoints';
          isOneToOne: true;
          isSetofReturn: false;
        };
      };
      verify_booking_guest: { Args: { p_guest_id: string; p_verified: boolean }; Returns: undefined };
    };
    Enums: {
      alert_status: 'active' | 'resolved' | 'dismissed';
      app_role: 'guest' | 'staff' | 'admin' | 'housekeeping';
      booking_status: 'pending' | 'confirmed' | 'checked_in' | 'checked_out' | 'cancelled' | 'expired' | 'no_show';
      channel_platform: 'booking' | 'expedia' | 'hotels' | 'airbnb';
      city_tax_exemption_reason:
        | 'patient_companion'
        | 'coach_driver_guide'
        | 'police_armed_forces'
        | 'disability_caregiver'
        | 'house_staff'
        | 'emergency_housing'
        | 'volunteer';
      cleaning_state: 'clean' | 'dirty' | 'inspected' | 'out_of_service';
      deposit_kind: 'percent' | 'first_night';
      email_status: 'pending' | 'sent' | 'failed';
      external_block_status: 'active' | 'conflict' | 'cancelled';
      manual_block_reason: 'maintenance' | 'owner_stay' | 'other';
      payment_kind: 'charge' | 'refund' | 'balance' | 'city_tax' | 'extra';
      promo_code_status: 'valid' | 'not_yet_valid' | 'expired' | 'limit_reached' | 'not_found';
      review_link_status: 'valid' | 'used' | 'expired' | 'invalid';
      review_submit_status: 'submitted' | 'used' | 'expired' | 'invalid';
      room_status: 'available' | 'occupied' | 'maintenance' | 'out_of_order';
      room_type: 'single' | 'twin' | 'deluxe' | 'suite' | 'classic' | 'elegant' | 'romantic' | 'presidential';
      security_severity: 'low' | 'medium' | 'high' | 'critical';
      service_pricing_unit: 'per_stay' | 'per_night' | 'per_person';
      webhook_delivery_status: 'pending' | 'delivered' | 'failed';
    };
    CompositeTypes: {
      alloggiati_import_rejection: {
        line: number | null;
        reason: string | null;
      };
      alloggiati_import_result: {
        succeeded: boolean | null;
        rows_read: number | null;
        rows_rejected: number | null;
        rejected: Database['public']['CompositeTypes']['alloggiati_import_rejection'][] | null;
        message: string | null;
      };
      arrivals_booking: {
        booking_id: string | null;
        reference: string | null;
        status: Database['public']['Enums']['booking_status'] | null;
        room_name: string | null;
        guest_name: string | null;
        check_in: string | null;
        check_out: string | null;
        nights: number | null;
        guests_expected: number | null;
        checked_in_at: string | null;
        complete: boolean | null;
        guests: Database['public']['CompositeTypes']['checkin_guest'][] | null;
        balance_due_cents: number | null;
        city_tax_open_cents: number | null;
        extras: string[] | null;
      };
      arrivals_day: {
        day: string | null;
        bookings: Database['public']['CompositeTypes']['arrivals_booking'][] | null;
        document_types: Database['public']['CompositeTypes']['checkin_document_type'][] | null;
      };
      booking_folio_view: {
        booking_id: string | null;
        reference: string | null;
        status: Database['public']['Enums']['booking_status'] | null;
        guest_name: string | null;
        check_in: string | null;
        check_out: string | null;
        booked_check_out: string | null;
        rate_plan: string | null;
        lines: Database['public']['CompositeTypes']['folio_line'][] | null;
        totals: Database['public']['CompositeTypes']['folio_totals'] | null;
        refundable_online_cents: number | null;
        policy_refund_today_cents: number | null;
      };
      booking_request_result: {
        booking_id: string | null;
        reference: string | null;
        nights: number | null;
        price_per_night: number | null;
        subtotal: number | null;
        discount_percentage: number | null;
        discount_amount: number | null;
        total_amount: number | null;
        hold_expires_at: string | null;
        nightly: Database['public']['CompositeTypes']['stay_night'][] | null;
        city_tax: Database['public']['CompositeTypes']['stay_city_tax'] | null;
        rate_plan: string | null;
        nonrefundable_discount_cents: number | null;
        extras: Database['public']['CompositeTypes']['stay_extra'][] | null;
        extras_cents: number | null;
        total_cents: number | null;
        deposit_cents: number | null;
        balance_cents: number | null;
        pay_online: boolean | null;
        confirm_before_payment: boolean | null;
        free_cancellation_until: string | null;
        refund_schedule: Database['public']['CompositeTypes']['refund_step'][] | null;
        cancellation: Database['public']['CompositeTypes']['cancellation_terms_view'] | null;
        access_token: string | null;
      };
      cancellation_line: {
        key: string | null;
        hours: number | null;
        days: number | null;
        date: string | null;
        amount_cents: number | null;
        refund_cents: number | null;
        kept_cents: number | null;
        paid_cents: number | null;
      };
      cancellation_terms_view: {
        state: string | null;
        free_until: string | null;
        deposit_cents: number | null;
        paid_cents: number | null;
        refund_cents: number | null;
        kept_cents: number | null;
        reason: string | null;
        lines: Database['public']['CompositeTypes']['cancellation_line'][] | null;
      };
      check_out_result: {
        booking_id: string | null;
        status: Database['public']['Enums']['booking_status'] | null;
        check_out: string | null;
        booked_check_out: string | null;
        nights_charged: number | null;
        settled_cents: number | null;
        left_owing_cents: number | null;
        totals: Database['public']['CompositeTypes']['folio_totals'] | null;
      };
      checkin_document_type: {
        code: string | null;
        name: string | null;
      };
      checkin_guest: {
        id: string | null;
        position: number | null;
        guest_type: number | null;
        surname: string | null;
        given_names: string | null;
        sex: string | null;
        birth_date: string | null;
        birth_state: Database['public']['CompositeTypes']['checkin_place'] | null;
        birth_comune: Database['public']['CompositeTypes']['checkin_place'] | null;
        birth_province: string | null;
        citizenship: Database['public']['CompositeTypes']['checkin_place'] | null;
        residence_state: Database['public']['CompositeTypes']['checkin_place'] | null;
        residence_comune: Database['public']['CompositeTypes']['checkin_place'] | null;
        document_type: string | null;
        document_number: string | null;
        document_number_erased: boolean | null;
        document_issue_place: Database['public']['CompositeTypes']['checkin_place'] | null;
        verified_at: string | null;
        reported: boolean | null;
        missing: string[] | null;
      };
      checkin_place: {
        code: string | null;
        name: string | null;
        province: string | null;
        kind: string | null;
        iso_code: string | null;
      };
      deploy_hook_view: {
        configured: boolean | null;
        masked_url: string | null;
        updated_at: string | null;
        rebuild_due_at: string | null;
      };
      folio_line: {
        id: string | null;
        kind: string | null;
        side: string | null;
        description: string | null;
        night: string | null;
        quantity: number | null;
        unit_price_cents: number | null;
        amount_cents: number | null;
        method: string | null;
        correction: boolean | null;
        reverses_id: string | null;
        actor: string | null;
        recorded_at: string | null;
      };
      folio_totals: {
        charged_cents: number | null;
        paid_cents: number | null;
        refunded_cents: number | null;
        balance_cents: number | null;
        city_tax_due_cents: number | null;
        city_tax_collected_cents: number | null;
        city_tax_open_cents: number | null;
        stay_balance_cents: number | null;
        paid_online_cents: number | null;
        refund_pending_cents: number | null;
        extras_cents: number | null;
      };
      guest_booking_view: {
        reference: string | null;
        status: Database['public']['Enums']['booking_status'] | null;
        guest_name: string | null;
        room_name: string | null;
        check_in: string | null;
        check_out: string | null;
        nights: number | null;
        guests: number | null;
        total_amount: number | null;
        discount_amount: number | null;
        promo_code: string | null;
        hold_expires_at: string | null;
        guest_confirmed: boolean | null;
        can_confirm: boolean | null;
        can_cancel: boolean | null;
      };
      guest_checkin_view: {
        reference: string | null;
        status: Database['public']['Enums']['booking_status'] | null;
        check_in: string | null;
        check_out: string | null;
        guests_expected: number | null;
        editable: boolean | null;
        checked_in: boolean | null;
        retention_days: number | null;
        complete: boolean | null;
        missing_count: number | null;
        guests: Database['public']['CompositeTypes']['checkin_guest'][] | null;
        document_types: Database['public']['CompositeTypes']['checkin_document_type'][] | null;
      };
      guest_payment_entry: {
        kind: Database['public']['Enums']['payment_kind'] | null;
        amount_cents: number | null;
        currency: string | null;
        method: string | null;
        status: string | null;
        created_at: string | null;
      };
      guest_payment_extra: {
        name: string | null;
        pricing_unit: Database['public']['Enums']['service_pricing_unit'] | null;
        quantity: number | null;
        unit_price_cents: number | null;
        line_total_cents: number | null;
      };
      guest_payments_view: {
        booking_id: string | null;
        total_cents: number | null;
        deposit_cents: number | null;
        balance_cents: number | null;
        extras_cents: number | null;
        rate_plan: string | null;
        paid_cents: number | null;
        due_now_cents: number | null;
        free_cancellation_until: string | null;
        refund_if_cancelled_today: number | null;
        refund_pending_cents: number | null;
        can_pay: boolean | null;
        payment_after_acceptance: boolean | null;
        extras: Database['public']['CompositeTypes']['guest_payment_extra'][] | null;
        payments: Database['public']['CompositeTypes']['guest_payment_entry'][] | null;
        folio: Database['public']['CompositeTypes']['folio_totals'] | null;
        folio_lines: Database['public']['CompositeTypes']['folio_line'][] | null;
      };
      house_cancellation_view: {
        free_cancellation_days: number | null;
        terms: Database['public']['CompositeTypes']['cancellation_terms_view'] | null;
        catalog: Json | null;
      };
      money_received_totals: {
        received_cents: number | null;
        refunded_cents: number | null;
        city_tax_cents: number | null;
        owed_cents: number | null;
        owed_stays: number | null;
      };
      paperwork_account_view: {
        alloggiati_set: boolean | null;
        alloggiati_user_masked: string | null;
        alloggiati_tested_at: string | null;
        ross1000_set: boolean | null;
        ross1000_user_masked: string | null;
        ross1000_structure: string | null;
        updated_at: string | null;
        ross1000_tested_at: string | null;
        ross1000_start_day: string | null;
      };
      police_file_day_view: {
        day: string | null;
        guests: Database['public']['CompositeTypes']['police_file_guest'][] | null;
        filings: Database['public']['CompositeTypes']['police_filing_summary'][] | null;
      };
      police_file_guest: {
        guest_id: string | null;
        booking_id: string | null;
        reference: string | null;
        room_name: string | null;
        position: number | null;
        guest_type: number | null;
        arrival_date: string | null;
        departure_date: string | null;
        surname: string | null;
        given_names: string | null;
        sex: string | null;
        birth_date: string | null;
        birth_comune_code: string | null;
        birth_province: string | null;
        birth_state_code: string | null;
        citizenship_code: string | null;
        document_type_code: string | null;
        document_number: string | null;
        document_issue_place_code: string | null;
        verified: boolean | null;
        filing_id: string | null;
        problems: string[] | null;
      };
      police_filing_summary: {
        id: string | null;
        filed_at: string | null;
        guest_count: number | null;
        filed_by: string | null;
      };
      police_service_day_view: {
        day: string | null;
        service_filings: string[] | null;
        refused: number | null;
        due_today: number | null;
      };
      privacy_erasure_result: {
        bookings_anonymised: number | null;
        contact_messages_deleted: number | null;
        booking_references: string[] | null;
      };
      promo_check: {
        status: Database['public']['Enums']['promo_code_status'] | null;
        discount_percentage: number | null;
      };
      rate_plan_offer: {
        available: boolean | null;
        discount_percent: number | null;
      };
      refund_step: {
        from: string | null;
        until: string | null;
        refund_cents: number | null;
      };
      review_invitation_view: {
        status: Database['public']['Enums']['review_link_status'] | null;
        guest_name: string | null;
        room_name: string | null;
        check_in_date: string | null;
        check_out_date: string | null;
        expires_at: string | null;
      };
      review_submit_answer: {
        status: Database['public']['Enums']['review_submit_status'] | null;
      };
      site_compliance_view: {
        cin: string | null;
        stay_contact_retention_years: number | null;
        contact_message_retention_months: number | null;
        privacy_contact_email: string | null;
        identity_document_retention_days: number | null;
      };
      staff_mfa_status: {
        user_id: string | null;
        verified_factors: number | null;
        last_verified_at: string | null;
      };
      stay_city_tax: {
        per_person_per_night: number | null;
        nights_charged: number | null;
        guests: number | null;
        exempt_under_age: number | null;
        amount: number | null;
        payable: string | null;
        per_person_per_night_cents: number | null;
        amount_cents: number | null;
        counted_for: string | null;
      };
      stay_extra: {
        service_id: string | null;
        name: string | null;
        pricing_unit: Database['public']['Enums']['service_pricing_unit'] | null;
        quantity: number | null;
        unit_price_cents: number | null;
        line_total_cents: number | null;
      };
      stay_night: {
        night: string | null;
        price: number | null;
        season: string | null;
      };
      stay_problem: {
        code: string | null;
        message: string | null;
        details: Json | null;
      };
      stay_quote: {
        room_id: string | null;
        check_in: string | null;
        check_out: string | null;
        guests: number | null;
        nights: number | null;
        nightly: Database['public']['CompositeTypes']['stay_night'][] | null;
        subtotal: number | null;
        discount_percentage: number | null;
        discount_amount: number | null;
        total: number | null;
        city_tax: Database['public']['CompositeTypes']['stay_city_tax'] | null;
        promo_code: string | null;
        promo_status: Database['public']['Enums']['promo_code_status'] | null;
        rate_plan: string | null;
        nights_cents: number | null;
        nonrefundable_discount_cents: number | null;
        extras: Database['public']['CompositeTypes']['stay_extra'][] | null;
        extras_cents: number | null;
        total_cents: number | null;
        deposit_cents: number | null;
        balance_cents: number | null;
        pay_online: boolean | null;
        confirm_before_payment: boolean | null;
        free_cancellation_until: string | null;
        refund_schedule: Database['public']['CompositeTypes']['refund_step'][] | null;
        rate_plans: Database['public']['CompositeTypes']['stay_rate_plans'] | null;
        bookable: boolean | null;
        problems: Database['public']['CompositeTypes']['stay_problem'][] | null;
        cancellation: Database['public']['CompositeTypes']['cancellation_terms_view'] | null;
      };
      stay_rate_plans: {
        non_refundable: Database['public']['CompositeTypes']['rate_plan_offer'] | null;
      };
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  public: {
    Enums: {
      alert_status: ['active', 'resolved', 'dismissed'],
      app_role: ['guest', 'staff', 'admin', 'housekeeping'],
      booking_status: ['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled', 'expired', 'no_show'],
      channel_platform: ['booking', 'expedia', 'hotels', 'airbnb'],
      city_tax_exemption_reason: [
        'patient_companion',
        'coach_driver_guide',
        'police_armed_forces',
        'disability_caregiver',
        'house_staff',
        'emergency_housing',
        'volunteer',
      ],
      cleaning_state: ['clean', 'dirty', 'inspected', 'out_of_service'],
      deposit_kind: ['percent', 'first_night'],
      email_status: ['pending', 'sent', 'failed'],
      external_block_status: ['active', 'conflict', 'cancelled'],
      manual_block_reason: ['maintenance', 'owner_stay', 'other'],
      payment_kind: ['charge', 'refund', 'balance', 'city_tax', 'extra'],
      promo_code_status: ['valid', 'not_yet_valid', 'expired', 'limit_reached', 'not_found'],
      review_link_status: ['valid', 'used', 'expired', 'invalid'],
      review_submit_status: ['submitted', 'used', 'expired', 'invalid'],
      room_status: ['available', 'occupied', 'maintenance', 'out_of_order'],
      room_type: ['single', 'twin', 'deluxe', 'suite', 'classic', 'elegant', 'romantic', 'presidential'],
      security_severity: ['low', 'medium', 'high', 'critical'],
      service_pricing_unit: ['per_stay', 'per_night', 'per_person'],
      webhook_delivery_status: ['pending', 'delivered', 'failed'],
    },
  },
} as const;
