export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
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
      bookings: {
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
          special_requests: string | null;
          status: Database['public']['Enums']['booking_status'];
          total_amount: number;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          check_in_date: string;
          check_out_date: string;
          created_at?: string;
          discount_amount?: number;
          guest_email: string;
          guest_name: string;
          guest_phone?: string | null;
          guests?: number;
          id?: string;
          promo_code?: string | null;
          reference: string;
          room_id: string;
          special_requests?: string | null;
          status?: Database['public']['Enums']['booking_status'];
          total_amount?: number;
          updated_at?: string;
        };
        Update: {
          check_in_date?: string;
          check_out_date?: string;
          created_at?: string;
          discount_amount?: number;
          guest_email?: string;
          guest_name?: string;
          guest_phone?: string | null;
          guests?: number;
          id?: string;
          promo_code?: string | null;
          reference?: string;
          room_id?: string;
          special_requests?: string | null;
          status?: Database['public']['Enums']['booking_status'];
          total_amount?: number;
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
      profiles: {
        Row: {
          created_at: string;
          email: string | null;
          id: string;
          name: string | null;
          updated_at: string;
          user_id: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          email?: string | null;
          id?: string;
          name?: string | null;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          created_at?: string;
          email?: string | null;
          id?: string;
          name?: string | null;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [];
      };
      reviews: {
        Row: {
          approved: boolean;
          comment: string;
          created_at: string;
          guest_location: string | null;
          guest_name: string;
          id: string;
          rating: number;
          review_date: string;
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          approved?: boolean;
          comment: string;
          created_at?: string;
          guest_location?: string | null;
          guest_name: string;
          id?: string;
          rating: number;
          review_date?: string;
          updated_at?: string;
        };
        Update: {
          approved?: boolean;
          comment?: string;
          created_at?: string;
          guest_location?: string | null;
          guest_name?: string;
          id?: string;
          rating?: number;
          review_date?: string;
          updated_at?: string;
        };
        Relationships: [];
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
      rooms: {
        Row: {
          amenities: string[];
          bathrooms: number;
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
          status: Database['public']['Enums']['room_status'];
          updated_at: string;
        };
        ComputedFields: never;
        Insert: {
          amenities?: string[];
          bathrooms?: number;
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
          status?: Database['public']['Enums']['room_status'];
          updated_at?: string;
        };
        Update: {
          amenities?: string[];
          bathrooms?: number;
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
          status?: Database['public']['Enums']['room_status'];
          updated_at?: string;
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
          updated_at?: string;
        };
        Relationships: [];
      };
      site_content: {
        Row: {
          created_at: string;
          description: string | null;
          key: string;
          updated_at: string;
          value: string;
        };
        ComputedFields: never;
        Insert: {
          created_at?: string;
          description?: string | null;
          key: string;
          updated_at?: string;
          value?: string;
        };
        Update: {
          created_at?: string;
          description?: string | null;
          key?: string;
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
    };
    Functions: {
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
      available_room_ids: { Args: { p_check_in: string; p_check_out: string }; Returns: string[] };
      check_promo_code: { Args: { p_code: string; p_room_id?: string }; Returns: Json };
      delete_user: { Args: { p_user_id: string }; Returns: undefined };
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean };
      is_staff: { Args: Record<PropertyKey, never>; Returns: boolean };
      request_booking: {
        Args: {
          p_check_in: string;
          p_check_out: string;
          p_guest_email: string;
          p_guest_name: string;
          p_guest_phone?: string;
          p_guests: number;
          p_promo_code?: string;
          p_room_id: string;
          p_special_requests?: string;
        };
        Returns: Json;
      };
      room_is_available: { Args: { p_check_in: string; p_check_out: string; p_room_id: string }; Returns: boolean };
      set_primary_room_image: { Args: { p_image_id: string }; Returns: undefined };
      set_user_role: {
        Args: { p_role: Database['public']['Enums']['app_role']; p_user_id: string };
        Returns: undefined;
      };
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
    };
    Enums: {
      alert_status: 'active' | 'resolved' | 'dismissed';
      app_role: 'guest' | 'staff' | 'admin';
      booking_status: 'pending' | 'confirmed' | 'checked_in' | 'checked_out' | 'cancelled';
      room_status: 'available' | 'occupied' | 'maintenance' | 'out_of_order';
      room_type: 'single' | 'twin' | 'deluxe' | 'suite' | 'classic' | 'elegant' | 'romantic' | 'presidential';
      security_severity: 'low' | 'medium' | 'high' | 'critical';
    };
    CompositeTypes: {
      [_ in never]: never;
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
      app_role: ['guest', 'staff', 'admin'],
      booking_status: ['pending', 'confirmed', 'checked_in', 'checked_out', 'cancelled'],
      room_status: ['available', 'occupied', 'maintenance', 'out_of_order'],
      room_type: ['single', 'twin', 'deluxe', 'suite', 'classic', 'elegant', 'romantic', 'presidential'],
      security_severity: ['low', 'medium', 'high', 'critical'],
    },
  },
} as const;
